/** A change that failed (spec 8): said next to the form that sent it, and announced. */
export function SubmitFailure({ message }: { message: string | undefined }) {
  return message ? (
    <p className="alert" role="alert">
      {message}
    </p>
  ) : null;
}
