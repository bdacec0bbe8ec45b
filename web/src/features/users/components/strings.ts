/** What the profile's pictures say, in one place (the edit dialog). */
export const pictureStrings = {
  section: 'Profile pictures',
  header: 'Header',
  headerHint: 'Shown across the top of your profile, cropped to 1500 × 500',
  avatar: 'Picture',
  avatarHint: 'Cropped to a square',
  upload: { avatar: 'Upload picture', header: 'Upload header' },
  replace: { avatar: 'Change picture', header: 'Change header' },
  remove: { avatar: 'Remove picture', header: 'Remove header' },
  uploading: { avatar: 'Uploading picture', header: 'Uploading header' },
  noHeader: 'No header yet',
};
