#ifndef TMM_NCURSES_SHIM_H
#define TMM_NCURSES_SHIM_H
// SwiftPM drops pkg-config's -D_XOPEN_SOURCE, so the wide-character API must be
// switched on here or cchar_t / wget_wch / wadd_wch do not import.
#define NCURSES_WIDECHAR 1
#include <curses.h>
#include <locale.h>

// Globals and macros that do not import into Swift 6 (not concurrency-safe or
// function-like): expose them as functions.
static inline WINDOW *tmm_stdscr(void) { return stdscr; }
static inline int tmm_lines(void) { return LINES; }
static inline int tmm_cols(void) { return COLS; }
static inline int tmm_colors(void) { return COLORS; }
static inline int tmm_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t tmm_attr_normal(void) { return A_NORMAL; }
static inline attr_t tmm_attr_bold(void) { return A_BOLD; }
static inline attr_t tmm_attr_dim(void) { return A_DIM; }
static inline attr_t tmm_attr_italic(void) { return A_ITALIC; }
static inline attr_t tmm_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t tmm_attr_reverse(void) { return A_REVERSE; }
static inline int tmm_key_f0(void) { return KEY_F0; }
static inline WINDOW *tmm_curscr(void) { return curscr; }
static inline FILE *tmm_stdout(void) { return stdout; }
static inline FILE *tmm_stdin(void) { return stdin; }

// Writes one grapheme (a base character plus combining marks) with attributes
// and an extended color pair at (y, x).
static inline int tmm_put_grapheme(int y, int x, const wchar_t *wch, attr_t attrs, int pair) {
    cchar_t cell;
    if (setcchar(&cell, wch, attrs, 0, &pair) != OK) return ERR;
    return mvwadd_wch(stdscr, y, x, &cell);
}
// Mouse: the masks are macros.
static inline mmask_t tmm_mouse_all(void) { return ALL_MOUSE_EVENTS | REPORT_MOUSE_POSITION; }
static inline mmask_t tmm_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t tmm_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t tmm_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t tmm_button3_pressed(void) { return BUTTON3_PRESSED; }
static inline mmask_t tmm_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t tmm_button5_pressed(void) { return BUTTON5_PRESSED; }
static inline mmask_t tmm_report_position(void) { return REPORT_MOUSE_POSITION; }
#endif
