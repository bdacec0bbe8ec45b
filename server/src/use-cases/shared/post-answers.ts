import type { Deps } from './deps.js';
import * as posts from '../../data/posts.repo.js';
import { NotFound } from './domain-errors.js';

export async function requirePost(deps: Deps, id: string): Promise<posts.PostRecord> {
  const post = await posts.findPost(deps.db, id);
  if (!post) throw new NotFound({ thing: 'post', id });
  return post;
}
