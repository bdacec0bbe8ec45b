/** The instance feature's public face: the About page (`/about`). */
export { AboutPage } from './components/about-page';
