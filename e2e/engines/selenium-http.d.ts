// selenium-webdriver is CommonJS without an exports map: Node's ESM loader needs the file itself
// (`http/index.js`), which @types/selenium-webdriver declares as `selenium-webdriver/http`.
declare module 'selenium-webdriver/http/index.js' {
  export * from 'selenium-webdriver/http'
}
