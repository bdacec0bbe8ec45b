import { Type, type Static } from 'typebox';
import { Entity } from './entity.js';

/** https://docs.joinmastodon.org/entities/Marker/ — where the person stopped reading a timeline. */
export const Marker = Entity({
  last_read_id: Type.String(),
  version: Type.Integer(),
  updated_at: Type.String(),
});
export type Marker = Static<typeof Marker>;

/** `GET /api/v1/markers`: the markers asked for, by timeline (`home`, `notifications`); those never set are left out. */
export const Markers = Entity({ home: Type.Optional(Marker), notifications: Type.Optional(Marker) });
export type Markers = Static<typeof Markers>;
