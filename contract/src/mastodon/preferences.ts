import { Type, type Static } from 'typebox';
import { Entity, Nullable, OneOf } from './entity.js';

/** https://docs.joinmastodon.org/entities/Preferences/ */
export const Preferences = Entity({
  'posting:default:visibility': Type.Literal('public'),
  'posting:default:sensitive': Type.Boolean(),
  'posting:default:language': Nullable(Type.String()),
  'reading:expand:media': OneOf(['default', 'show_all', 'hide_all']),
  'reading:expand:spoilers': Type.Boolean(),
});
export type Preferences = Static<typeof Preferences>;
