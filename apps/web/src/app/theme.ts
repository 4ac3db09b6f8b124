import { createTheme, type MantineColorsTuple } from '@mantine/core';

// A deep indigo built around the logo colour (#3341a8 at index 7).
const brand: MantineColorsTuple = [
  '#eef0fb',
  '#dadff3',
  '#b1bae8',
  '#8794dd',
  '#6473d4',
  '#4e5ecf',
  '#4254cd',
  '#3341a8',
  '#2c3a9f',
  '#1f2f8c',
];

/** The one theme of the app (docs/architecture.md): nothing is styled ad hoc outside it. */
export const theme = createTheme({
  primaryColor: 'brand',
  primaryShade: 7,
  colors: { brand },
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  headings: { fontFamily: 'Inter, system-ui, sans-serif', fontWeight: '650' },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    Button: { defaultProps: { radius: 'md' } },
    Card: { defaultProps: { withBorder: true, radius: 'md', padding: 'lg' } },
    Paper: { defaultProps: { radius: 'md' } },
    // Mantine's initial-focus placeholder is a focusable role="presentation" div inside role="menu",
    // which axe reports (aria-required-children) while a menu is open; the first item takes focus.
    Menu: { defaultProps: { withInitialFocusPlaceholder: false } },
    // Date pickers: named month/year controls, no greyed days of the next month (too pale for AA),
    // and no unnamed role="dialog" around the calendar (axe aria-dialog-name).
    DatePickerInput: {
      defaultProps: {
        hideOutsideDates: true,
        popoverProps: { withRoles: false },
        ariaLabels: {
          previousMonth: 'Previous month',
          nextMonth: 'Next month',
          previousYear: 'Previous year',
          nextYear: 'Next year',
          previousDecade: 'Previous decade',
          nextDecade: 'Next decade',
          monthLevelControl: 'Choose a month',
          yearLevelControl: 'Choose a year',
        },
      },
    },
    // Links inside text must not rely on colour alone (axe link-in-text-block).
    Anchor: { defaultProps: { underline: 'always' } },
    // A table wider than the screen scrolls sideways; its viewport must be reachable by keyboard
    // (axe scrollable-region-focusable), so arrow keys scroll it.
    TableScrollContainer: { defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } },
    // The default toggle label contains "password", which makes a "Password" label ambiguous.
    PasswordInput: { defaultProps: { visibilityToggleButtonProps: { 'aria-label': 'Show or hide the characters' } } },
  },
});
