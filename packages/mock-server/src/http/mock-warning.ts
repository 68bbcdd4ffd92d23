/**
 * The header of a test-mode answer that succeeded but probably not as the caller meant (line items
 * that match no catalog product); the body is unchanged, and the journal and dashboard show it too.
 */
export const MOCK_WARNING_HEADER = 'glm-mock-warning';
