/** The comments feature's public face. */
export { Comments } from './components/comments';
