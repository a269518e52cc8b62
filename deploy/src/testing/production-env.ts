/**
 * An environment that states everything the production profile requires (ADR 0038), for tests of production
 * starts, releases and headers. Spread it and override a field to test that field.
 */
export const PRODUCTION_ENV = {
  DEPLOY_PROFILE: 'production',
  LENDER_NAME: 'Kalesa Lending Corp.',
  LENDER_SEC_REGISTRATION_NO: 'CS2024-77777',
  LENDER_CERTIFICATE_OF_AUTHORITY_NO: '4242',
  LENDER_ADDRESS: '12 Test Street, Quezon City',
  SERVICE_PHONE: '+63 2 5555 0000',
  SERVICE_EMAIL: 'help@kalesa.ph',
  ALLOWED_HOSTS: 'pay.kalesa.ph',
}
