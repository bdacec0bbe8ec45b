/**
 * The additive `editedAt` of a post or a comment: when it was last edited, absent when never (only an
 * edit moves `updated_at`), so the spec's shapes stay as they were.
 */
export function editedAtField(record: { created_at: string; updated_at: string }): { editedAt?: string } {
  return record.updated_at !== record.created_at ? { editedAt: record.updated_at } : {};
}
