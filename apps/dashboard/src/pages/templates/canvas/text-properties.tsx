import type { Textbox } from 'fabric';
import { loadFamily, SYSTEM_FONTS, useAccountFonts } from './account-fonts';
import { useEditor } from './editor-context';
import { FillEditor } from './fill-editor';
import { CheckField, ChoiceField, FieldGroup, NumberField } from './property-fields';
import { fitText, setAutoFit } from './text-fit';

/** Font, size, weight, style, colour, alignment, spacing and auto-fit of a text box. */
export function TextProperties({ text }: { text: Textbox }) {
  const editor = useEditor();
  const accountFonts = useAccountFonts();
  const families = [...new Set([...SYSTEM_FONTS, ...accountFonts.map((f) => f.family), text.fontFamily])];
  const set = (props: Partial<Textbox>) => {
    text.set(props);
    text.initDimensions();
    fitText(text);
    editor.changed();
  };
  return (
    <>
      <FieldGroup title="Text">
        <ChoiceField
          label="Font family"
          value={text.fontFamily}
          options={families.map((f) => [f, accountFonts.some((a) => a.family === f) ? `${f} (your font)` : f] as const)}
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
        {text.autoFit && (
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
