/** The part of es-check's Node API the floor check uses (the package ships no types). */
declare module 'es-check' {
  export interface EsCheckConfig {
    files: string[]
    module?: boolean
    checkBrowser?: boolean
    checkFeatures?: boolean
    browserslistPath?: string
    looseGlobMatching?: boolean
    noCache?: boolean
  }
  export function runChecks(configs: EsCheckConfig[]): {
    success: boolean
    errors: { file: string; err: Error }[]
  }
}
