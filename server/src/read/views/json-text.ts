/**
 * An answer already serialised: the JSON text of a `Shape`, sent as it is (`http/json-text.ts`). The
 * hot pages are built as text so that what every viewer sees of a post is rendered once per version,
 * not rebuilt as objects and serialised again for each request.
 */
export class JsonText<Shape> {
  declare private readonly shape: Shape;
  constructor(readonly text: string) {}
}

/** An answer off the hot paths, serialised as it is. */
export const asJsonText = <Shape>(answer: Shape): JsonText<Shape> => new JsonText(JSON.stringify(answer));
