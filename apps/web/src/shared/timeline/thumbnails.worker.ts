// The thumbnail worker (started by use-thumbnail.ts): its global scope is the port to the page.
import { serveThumbnails } from './thumbnail-loading';

serveThumbnails(self);
