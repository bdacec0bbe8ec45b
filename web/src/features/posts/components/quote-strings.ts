/** What writing, listing and detaching quotes say (loaded with them, off the first screen). */
export const quoteStrings = {
  quoteTitle: 'Quote post',
  quoteLabel: 'Add a comment',
  quotePolicy: 'Who can quote',
  quotePolicyHint: 'Who may quote your new posts, unless you choose otherwise when writing one',
  quotes: 'Quotes',
  noQuotes: 'No one has quoted this post',
  detach: 'Detach',
  detachTitle: 'Detach your post from this quote?',
  detachText: 'The quote will show "Removed by the author" instead of your post. This can\'t be undone.',
  error: 'Error',
};
