/** The live updates feature's public face: the stream's owner and the new posts pill. */
export { LiveUpdates } from './components/live-updates';
export { NewPostsPill } from './components/new-posts-pill';
