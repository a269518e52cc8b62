const { existsSync } = require('node:fs')
const { dirname, join } = require('node:path')

/**
 * better-sqlite3 is compiled on install (node-gyp), and node-gyp fetches Node's headers from the internet
 * unless it is told where they are. This machine's Node ships them under its own prefix
 * (`/usr/include/node`), so builds point there; pnpm passes only the environment set here to install scripts.
 */
module.exports = {
  hooks: {
    updateConfig(config) {
      const prefix = dirname(dirname(process.execPath))
      if (!existsSync(join(prefix, 'include', 'node', 'node_version.h'))) return config
      config.extraEnv = { ...config.extraEnv, npm_config_nodedir: prefix }
      return config
    },
  },
}
