/**
 * A skeleton entry: which post, and which version of it the database holds now. Every list's skeleton
 * query (newest, trending, a timeline, search) answers these; hydration loads what a version needs.
 */
export interface PostRef {
  id: string;
  version: number;
}
