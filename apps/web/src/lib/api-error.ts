/** Status used when no HTTP answer arrived at all (server down, offline, CORS). */
export const NETWORK_ERROR_STATUS = 0;

/** Every failed API call ends here, so components read one shape: status, error and message. */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
    /**
     * The whole error answer, for the callers whose endpoint says more than the message: POST
     * /checkout's 409 names each refused line (`lines`).
     */
    readonly body?: unknown,
  ) {
    super(message);
  }

  get isNetworkError(): boolean {
    return this.status === NETWORK_ERROR_STATUS;
  }

  /**
   * The shop server refused the signed-in user (401 even after a token renewal, or 403):
   * SPEC section 6 has My Orders sign out on these.
   */
  get isAuthFailure(): boolean {
    return this.status === 401 || this.status === 403;
  }
}
