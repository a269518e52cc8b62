import type { Linter } from 'eslint'

export function lintConfig(
  role: 'shared' | 'remote' | 'shell' | 'deploy' | 'e2e',
  options?: { allowSourceImports?: string[] },
): Linter.Config[]
