/**
 * The properties Pressroom keeps on fabric objects beside fabric's own (saved by serializer.ts, read by the
 * renderer): typed once here so every file can use them.
 */
declare module 'fabric' {
  interface PressroomObjectProps {
    /** The layer's name in the layers panel. */
    name?: string;
    /** Property → variable name or expression, applied by the renderer's templating. */
    variableBindings?: Record<string, string>;
    /** An expression: the object is drawn only when it is truthy. */
    _if?: string;
    /** Text: shrink the font size until the text fits `autoFitHeight` and the box width. */
    autoFit?: boolean;
    /** Text: the font size auto-fit starts from (the size the user chose). */
    autoFitMaxFontSize?: number;
    /** Text: the height of the box the text must fit. */
    autoFitHeight?: number;
    /** Text: how auto-fit fits (AUTO_FIT_MODES); absent is `wrap`, wrap then shrink. */
    autoFitMode?: 'wrap' | 'one-line';
    /** Image: how it was fitted into its box (cover, contain, crop). */
    imageFit?: 'cover' | 'contain' | 'crop';
  }
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FabricObject extends PressroomObjectProps {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface FabricObjectProps extends PressroomObjectProps {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface SerializedObjectProps extends PressroomObjectProps {}
}

export {};
