import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router';
import { AppLayout } from '../components/layout/app-layout';
import { RequireAuth } from './require-auth';

const Login = lazy(() => import('./routes/login'));
const Signup = lazy(() => import('./routes/signup'));
const Home = lazy(() => import('./routes/home'));
const Network = lazy(() => import('./routes/network'));
const Bookmark = lazy(() => import('./routes/bookmark'));
const Post = lazy(() => import('./routes/post'));
const Profile = lazy(() => import('./routes/profile'));
const NotFound = lazy(() => import('./routes/not-found'));

function Public({ children }: { children: ReactNode }) {
  return <Suspense fallback={<div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950" />}>{children}</Suspense>;
}

export const router = createBrowserRouter([
  {
    path: '/login',
    element: (
      <Public>
        <Login />
      </Public>
    ),
  },
  {
    path: '/signup',
    element: (
      <Public>
        <Signup />
      </Public>
    ),
  },
  {
    element: (
      <RequireAuth>
        <AppLayout />
      </RequireAuth>
    ),
    children: [
      { path: '/', element: <Home /> },
      { path: '/network', element: <Network /> },
      { path: '/bookmark', element: <Bookmark /> },
      { path: '/post/:postId', element: <Post /> },
      { path: '/profile/:username', element: <Profile /> },
      { path: '*', element: <NotFound /> },
    ],
  },
]);
