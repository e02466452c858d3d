import base from './jest.config.js'

/** `npm run contract:prism`: the same suite, through Prism's validating proxy. */
export default {
  ...base,
  globalSetup: '<rootDir>/contract-tests/support/run-global-setup-prism.js',
  reporters: [
    'default',
    [
      'jest-junit',
      {
        outputDirectory: '<rootDir>/reports',
        outputName: 'contract-prism-junit.xml',
        suiteNameTemplate: '{filepath}',
        classNameTemplate: '{classname}',
        titleTemplate: '{title}',
      },
    ],
  ],
}
