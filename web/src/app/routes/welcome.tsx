import { welcomeSeen } from '../../features/auth';
import { Welcome } from '../../features/onboarding';
import { PictureField, SuggestedPeople, useEditProfile } from '../../features/users';
import { useMe } from '../../lib/session';

/** The welcome's steps use the profile editor's picture field and the suggestions of whom to follow. */
export default function WelcomeRoute() {
  const me = useMe();
  const edit = useEditProfile();
  return (
    <Welcome
      picture={<PictureField kind="avatar" user={me} />}
      people={<SuggestedPeople limit={6} />}
      saveBio={(bio) => edit.mutateAsync({ bio })}
      onFinished={welcomeSeen}
    />
  );
}
