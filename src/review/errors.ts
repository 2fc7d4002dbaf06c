/** Why a review cannot be made: a code that names the problem and never quotes a card. */
export class ReviewError extends Error {
  override readonly name = 'ReviewError';

  constructor(readonly code: string) {
    super(code);
  }
}
