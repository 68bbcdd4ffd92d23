/** The mock server's version, as its `user-agent` names it; a test keeps it equal to package.json. */
export const MOCK_SERVER_VERSION = '0.0.0';

/** The `user-agent` of every webhook delivery. */
export const WEBHOOK_USER_AGENT = `glm-mock/${MOCK_SERVER_VERSION}`;
