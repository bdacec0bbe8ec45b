import type { Post } from '@sync/contract';
import type { Db } from '../db/database.js';
import { Messages, notFound } from '../http/errors.js';
import { findPostRow, listPostRows, loadPosts, type PostRow } from './posts.repo.js';

/** The contract's answer to every post change: all posts, whole, in creation order. */
export async function allPosts(db: Db): Promise<Post[]> {
  return loadPosts(db, await listPostRows(db, {}), { preview: false });
}

export async function requirePost(db: Db, id: string): Promise<PostRow> {
  const post = await findPostRow(db, id);
  if (!post) throw notFound(Messages.postNotFound(id));
  return post;
}

/** One post as a paginated list shows it: capped previews plus the viewer's own state. */
export async function postPreview(db: Db, id: string, viewerId: string | undefined): Promise<Post> {
  const [post] = await loadPosts(db, [await requirePost(db, id)], { preview: true, viewerId });
  return post!;
}
