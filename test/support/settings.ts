/**
 * Settings the test servers run with: distinct from the defaults so tests prove they are read.
 * FORM_MIN_SECONDS keeps its production value (3): a fast post must still be delivered.
 */
export const TEST_SETTINGS = {
  SITE_URL: 'https://taller.test',
  SHOP_PHONE: '612345678',
  SHOP_EMAIL: 'hola@taller.test',
  ANALYTICS_ID: 'G-PRUEBA123',
  FORM_SECRET: 'secreto-de-las-pruebas-0123456789',
  QUOTE_FUNCTION_KEY: 'clave-de-prueba',
  SHOP_CONSUMER_ARBITRATION: 'Junta Arbitral de Consumo de Euskadi',
}

export const TEST_TELEGRAM = {
  TELEGRAM_BOT_TOKEN: '123456:token-de-prueba',
  TELEGRAM_CHAT_ID: '-1001234567890',
  TELEGRAM_WEBHOOK_SECRET: 'secreto-del-webhook-de-las-pruebas',
}
