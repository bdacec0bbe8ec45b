import type { ReactNode } from 'react';
import { Suspense } from 'react';
import { createBrowserRouter, Navigate, Outlet, useParams, type RouteObject } from 'react-router';
import { useReturnPath } from '../features/auth';
import { useFocusHeadingOnNavigate } from '../lib/page-title';
import { useSession } from '../lib/session';
import { AppLayout } from './layout/app-layout';
import { lazyScreen } from '../lib/lazy';
import { RequireAuth } from './require-auth';
import { RouteError } from './route-error';
// The screen a signed-in visit starts on is in the first download, not a lazy chunk after it (decision 040).
import Home from './routes/home';

const Login = lazyScreen(() => import('./routes/login'));
const Signup = lazyScreen(() => import('./routes/signup'));
const ForgotPassword = lazyScreen(() => import('./routes/forgot-password'));
const ResetPassword = lazyScreen(() => import('./routes/reset-password'));
const ConfirmEmail = lazyScreen(() => import('./routes/confirm-email'));
const Network = lazyScreen(() => import('./routes/network'));
const Bookmark = lazyScreen(() => import('./routes/bookmark'));
const Post = lazyScreen(() => import('./routes/post'));
const Profile = lazyScreen(() => import('./routes/profile'));
const PostQuotes = lazyScreen(() => import('./routes/post-quotes'));
const PeopleList = lazyScreen(() => import('./routes/people-list'));
const People = lazyScreen(() => import('./routes/people'));
const Settings = lazyScreen(() => import('./routes/settings'));
const Notifications = lazyScreen(() => import('./routes/notifications'));
const Search = lazyScreen(() => import('./routes/search'));
const Tag = lazyScreen(() => import('./routes/tag'));
const NotFound = lazyScreen(() => import('./routes/not-found'));
const OAuthAuthorize = lazyScreen(() => import('./routes/oauth-authorize'));
const ModerationReports = lazyScreen(() => import('./routes/moderation/reports'));
const ModerationReport = lazyScreen(() => import('./routes/moderation/report'));
const ModerationAccounts = lazyScreen(() => import('./routes/moderation/accounts'));
const ModerationAccount = lazyScreen(() => import('./routes/moderation/account'));
const ModerationRegistrations = lazyScreen(() => import('./routes/moderation/registrations'));
const ModerationRules = lazyScreen(() => import('./routes/moderation/rules'));
const ModerationSettings = lazyScreen(() => import('./routes/moderation/settings'));
const ModerationInvites = lazyScreen(() => import('./routes/moderation/invites'));
const ModerationEmailDomains = lazyScreen(() => import('./routes/moderation/email-domains'));
const ModerationAuditLog = lazyScreen(() => import('./routes/moderation/audit-log'));
const About = lazyScreen(() => import('./routes/about'));
const Welcome = lazyScreen(() => import('./routes/welcome'));

function Root() {
  useFocusHeadingOnNavigate();
  return <Outlet />;
}

/** A screen outside the app's frame, while its code loads. */
const blankScreen = <div className="min-h-dvh bg-zinc-50 dark:bg-zinc-950" />;

/** Login and signup are for visitors: a signed-in user goes where they were heading, or home. */
function SignedOut({ children }: { children: ReactNode }) {
  const session = useSession();
  const returnPath = useReturnPath();
  if (session) return <Navigate to={returnPath} replace />;
  return <Suspense fallback={blankScreen}>{children}</Suspense>;
}

const errorElement = <RouteError />;

/**
 * The addresses of Mastodon's form that people type or paste (docs/decisions/118): `/@username` opens
 * the profile and `/@username/<post id>` the post. React Router has no segment with a fixed first
 * character, so the `@` is checked here; any other single segment is a missing page, as before.
 */
function MastodonAddress() {
  const { handle = '', postId } = useParams();
  const username = handle.startsWith('@') ? handle.slice(1) : '';
  if (!username) return <NotFound />;
  const to = postId ? `/post/${encodeURIComponent(postId)}` : `/profile/${encodeURIComponent(username)}`;
  return <Navigate to={to} replace />;
}

/** An account's id (`/users/username`, its `uri` in the Mastodon API), opened in a browser: its profile. */
function ActorAddress() {
  const { username = '' } = useParams();
  return <Navigate to={`/profile/${encodeURIComponent(username)}`} replace />;
}

/** The screens inside the app's frame; a screen in the navigation also has a line in `app/layout/nav-items.ts`. */
const screens: RouteObject[] = [
  { path: '/', element: <Home /> },
  { path: '/network', element: <Network /> },
  { path: '/bookmark', element: <Bookmark /> },
  { path: '/people', element: <People /> },
  { path: '/settings', element: <Settings /> },
  { path: '/notifications', element: <Notifications /> },
  { path: '/search', element: <Search /> },
  { path: '/tag/:tag', element: <Tag /> },
  { path: '/post/:postId', element: <Post /> },
  { path: '/post/:postId/comment/:commentId', element: <Post /> },
  { path: '/post/:postId/likes', element: <PeopleList kind="likes" /> },
  { path: '/post/:postId/reposts', element: <PeopleList kind="reposts" /> },
  { path: '/post/:postId/quotes', element: <PostQuotes /> },
  { path: '/profile/:username', element: <Profile /> },
  { path: '/profile/:username/followers', element: <PeopleList kind="followers" /> },
  { path: '/profile/:username/following', element: <PeopleList kind="following" /> },
  { path: '/users/:username', element: <ActorAddress /> },
  { path: '/:handle', element: <MastodonAddress /> },
  { path: '/:handle/:postId', element: <MastodonAddress /> },
  // The moderation area: each screen says so itself to someone who is not staff.
  { path: '/moderation', element: <Navigate to="/moderation/reports" replace /> },
  { path: '/moderation/reports', element: <ModerationReports /> },
  { path: '/moderation/reports/:reportId', element: <ModerationReport /> },
  { path: '/moderation/accounts', element: <ModerationAccounts /> },
  { path: '/moderation/accounts/:username', element: <ModerationAccount /> },
  { path: '/moderation/registrations', element: <ModerationRegistrations /> },
  { path: '/moderation/rules', element: <ModerationRules /> },
  { path: '/moderation/settings', element: <ModerationSettings /> },
  { path: '/moderation/invites', element: <ModerationInvites /> },
  { path: '/moderation/email-domains', element: <ModerationEmailDomains /> },
  { path: '/moderation/audit-log', element: <ModerationAuditLog /> },
  { path: '*', element: <NotFound /> },
];

export const router = createBrowserRouter([
  {
    element: <Root />,
    errorElement,
    children: [
      {
        path: '/login',
        errorElement,
        element: (
          <SignedOut>
            <Login />
          </SignedOut>
        ),
      },
      {
        path: '/signup',
        errorElement,
        element: (
          <SignedOut>
            <Signup />
          </SignedOut>
        ),
      },
      {
        path: '/forgot-password',
        errorElement,
        element: (
          <SignedOut>
            <ForgotPassword />
          </SignedOut>
        ),
      },
      // The pages of the links sent by email: opened signed out or in, on any device.
      ...[
        { path: '/reset-password', element: <ResetPassword /> },
        { path: '/confirm-email', element: <ConfirmEmail /> },
      ].map((page) => ({
        ...page,
        errorElement,
        element: <Suspense fallback={blankScreen}>{page.element}</Suspense>,
      })),
      {
        // For visitors and signed-in people alike: it shows its own login form, keeping the app's query.
        path: '/oauth/authorize',
        errorElement,
        element: (
          <Suspense fallback={blankScreen}>
            <OAuthAuthorize />
          </Suspense>
        ),
      },
      {
        // After sign-up: outside the app's frame, so the welcome is all there is until it ends (decision 101).
        path: '/welcome',
        errorElement,
        element: (
          <RequireAuth>
            <Suspense fallback={blankScreen}>
              <Welcome />
            </Suspense>
          </RequireAuth>
        ),
      },
      {
        // The app's frame without the guard: what this community is, for visitors before they join.
        element: <AppLayout />,
        errorElement,
        children: [{ path: '/about', element: <About />, errorElement }],
      },
      {
        element: (
          <RequireAuth>
            <AppLayout />
          </RequireAuth>
        ),
        errorElement,
        children: screens.map((screen) => ({ ...screen, errorElement })),
      },
    ],
  },
]);
