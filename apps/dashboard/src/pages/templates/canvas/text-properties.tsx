import { Textbox, type FabricText } from 'fabric';
import { loadFamily, SYSTEM_FONTS, useAccountFonts } from './account-fonts';
import { useEditor } from './editor-context';
import { FillEditor } from './fill-editor';
import { CheckField, ChoiceField, FieldGroup, NumberField, TextAreaField } from './property-fields';
import { fitText, setAutoFit, setAutoFitMode } from './text-fit';
import { useTextContent } from './text-content';

/**
 * The words, font, size, weight, style, colour, alignment and spacing of a text (a text box, or an IText from a
 * design made elsewhere); auto-fit for a text box, and how it fits (wrapping, or on one line).
 */
export function TextProperties({ text }: { text: FabricText }) {
  const editor = useEditor();
  const accountFonts = useAccountFonts();
  const content = useTextContent(text);
  const families = [...new Set([...SYSTEM_FONTS, ...accountFonts.map((f) => f.family), text.fontFamily])];
  const set = (props: Partial<FabricText>) => {
    text.set(props);
    text.initDimensions();
    fitText(text);
    editor.changed();
  };
  const box = text instanceof Textbox;
  return (
    <>
      <FieldGroup title="Text">
        <div className="col-span-2">
          {/* Without it, the words could only be changed by double-clicking the text on the canvas (no keyboard way). */}
          <TextAreaField
            label="Text"
            value={content.value}
            onChange={content.change}
            onBlur={content.commit}
            hint="Placeholders such as {{ headline }} are filled in each render."
          />
        </div>
        <ChoiceField
          label="Font family"
          value={text.fontFamily}
          options={families.map(
            (f) =>
              [
                f,
                accountFonts.some((a) => a.family === f) ? `${f} (your font)` : SYSTEM_FONTS.includes(f) ? f : `${f} (this design’s)`,
              ] as const,
          )}
          onChange={(family) => {
            set({ fontFamily: family });
            void loadFamily(family, accountFonts).then(() => set({}));
          }}
        />
        <NumberField
          label="Font size"
          value={text.autoFit ? (text.autoFitMaxFontSize ?? text.fontSize) : text.fontSize}
          min={1}
          max={1000}
          onChange={(size) => set(text.autoFit ? { autoFitMaxFontSize: size } : { fontSize: size })}
        />
        <ChoiceField
          label="Font weight"
          value={String(text.fontWeight)}
          options={[
            ['normal', 'Normal'],
            ['bold', 'Bold'],
            ['100', '100'],
            ['300', '300'],
            ['500', '500'],
            ['600', '600'],
            ['800', '800'],
            ['900', '900'],
          ]}
          onChange={(fontWeight) => set({ fontWeight })}
        />
        <ChoiceField
          label="Font style"
          value={text.fontStyle}
          options={[
            ['normal', 'Normal'],
            ['italic', 'Italic'],
          ]}
          onChange={(fontStyle) => set({ fontStyle })}
        />
        <ChoiceField
          label="Alignment"
          value={text.textAlign}
          options={[
            ['left', 'Left'],
            ['center', 'Centre'],
            ['right', 'Right'],
            ['justify', 'Justify'],
          ]}
          onChange={(textAlign) => set({ textAlign })}
        />
        <NumberField
          label="Line height"
          value={text.lineHeight}
          min={0.1}
          max={10}
          step={0.05}
          onChange={(lineHeight) => set({ lineHeight })}
        />
        <NumberField
          label="Letter spacing"
          value={text.charSpacing}
          min={-500}
          max={2000}
          step={10}
          onChange={(charSpacing) => set({ charSpacing })}
        />
        {box && (
          <div className="col-span-2">
            <CheckField
              label="Shrink the text to fit its box"
              checked={!!text.autoFit}
              onChange={(on) => {
                setAutoFit(text, on);
                editor.changed();
              }}
            />
          </div>
        )}
        {box && text.autoFit && (
          <ChoiceField
            label="Fit"
            value={text.autoFitMode === 'one-line' ? 'one-line' : 'wrap'}
            options={[
              ['wrap', 'Wrap then shrink'],
              ['one-line', 'One line, shrink'],
            ]}
            onChange={(mode) => {
              setAutoFitMode(text, mode);
              editor.changed();
            }}
          />
        )}
        {box && text.autoFit && (
          <NumberField
            label="Box height"
            value={text.autoFitHeight ?? text.height}
            min={1}
            max={4000}
            onChange={(autoFitHeight) => set({ autoFitHeight })}
          />
        )}
      </FieldGroup>
      <FillEditor object={text} label="Text fill" />
    </>
  );
}
