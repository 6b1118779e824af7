import type { OnlinePhotoBook } from './photo-books.queries';

/** A book's cover (page 1 at 300 px) beside its card's body; decorative: the card's title names the book. */
export function BookCover({ book }: { book: OnlinePhotoBook }) {
  return (
    <img className="card__media photo-books__cover" src={book.coverUrl} alt="" width={300} height={300} />
  );
}
