import { useParams } from 'react-router';
import { PeopleList, type PeopleListKind } from '../../features/users';
import { BackHeader } from '../layout/back-header';

/** /profile/:username/followers, /profile/:username/following, /post/:postId/likes and /post/:postId/reposts. */
export default function PeopleListRoute({ kind }: { kind: PeopleListKind['kind'] }) {
  const { username = '', postId = '' } = useParams();
  const screen =
    kind === 'likes'
      ? { list: { kind, postId }, title: 'Liked by', empty: 'No likes yet' }
      : kind === 'reposts'
        ? { list: { kind, postId }, title: 'Reposted by', empty: 'No reposts yet' }
        : kind === 'followers'
          ? { list: { kind, username }, title: 'Followers', empty: `Nobody follows @${username} yet` }
          : { list: { kind, username }, title: 'Following', empty: `@${username} follows nobody yet` };
  const aboutPost = kind === 'likes' || kind === 'reposts';
  const documentTitle = aboutPost ? screen.title : `${screen.title} of @${username}`;
  return (
    <div className="lg:w-[65%] lg:border-r lg:border-zinc-200 lg:dark:border-zinc-800">
      <BackHeader title={screen.title} documentTitle={documentTitle} />
      <PeopleList list={screen.list} label={documentTitle} empty={screen.empty} />
    </div>
  );
}
