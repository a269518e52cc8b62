import Tag from 'antd-mobile/es/components/tag'

/** The question type and its sub-type as tags; empty titles are left out. */
export function TypeTags({ label, type, sonType }: { label: string; type: string; sonType: string }) {
  const tags = [type, sonType].filter((title) => title !== '')
  if (tags.length === 0) return null
  return (
    <ul className="complaint-tags" aria-label={label}>
      {tags.map((title, index) => (
        <li key={`${index}-${title}`}>
          <Tag color="primary" fill="outline" className="complaint-tag">
            {title}
          </Tag>
        </li>
      ))}
    </ul>
  )
}
