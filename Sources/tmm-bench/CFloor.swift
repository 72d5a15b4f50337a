import Foundation

/// The floor the start-up targets are measured against: a minimal C ncurses
/// program, built by the bench with `cc`, that draws a dashboard-like frame
/// (a filled background, four boxed cards in colour, numbers and labels) and
/// exits; with `--keys` it redraws on every key until `q`.
enum CFloor {
    static let source = #"""
    #define _XOPEN_SOURCE_EXTENDED 1
    #define NCURSES_WIDECHAR 1
    #include <curses.h>
    #include <locale.h>
    #include <string.h>
    #include <stdio.h>

    static void card(int y, int x, int h, int w, const char *title, const char *value, int pair) {
        WINDOW *win = derwin(stdscr, h, w, y, x);
        if (!win) return;
        wbkgdset(win, COLOR_PAIR(1));
        werase(win);
        wattron(win, COLOR_PAIR(pair));
        wborder_set(win, WACS_VLINE, WACS_VLINE, WACS_HLINE, WACS_HLINE,
                    WACS_ULCORNER, WACS_URCORNER, WACS_LLCORNER, WACS_LRCORNER);
        mvwaddstr(win, 0, 2, title);
        wattroff(win, COLOR_PAIR(pair));
        wattron(win, A_BOLD);
        mvwaddstr(win, 2, 2, value);
        wattroff(win, A_BOLD);
        for (int i = 0; i < w - 4 && i < 40; i++) mvwaddstr(win, 4, 2 + i, i % 3 ? "\u2588" : "\u2593");
        wnoutrefresh(win);
        delwin(win);
    }

    static void draw(int frame) {
        int rows = LINES, cols = COLS;
        bkgd(COLOR_PAIR(1));
        erase();
        attron(COLOR_PAIR(2) | A_BOLD);
        mvaddstr(0, 1, "tmm  Today  Nutrition  Month  Scores  Care  Devices  Settings");
        attroff(COLOR_PAIR(2) | A_BOLD);
        char steps[32];
        snprintf(steps, sizeof steps, "%d,%03d steps", 8 + frame % 2, 412);
        int w = cols / 2 - 1, h = (rows - 3) / 2;
        wnoutrefresh(stdscr);
        card(1, 0, h, w, " Steps ", steps, 3);
        card(1, w + 1, h, w, " Energy ", "512 kcal", 4);
        card(1 + h, 0, h, w, " This week ", "Mon Tue Wed Thu Fri Sat Sun", 3);
        card(1 + h, w + 1, h, w, " Meals ", "1,840 kcal in 3 meals", 4);
        attron(COLOR_PAIR(2));
        mvaddstr(rows - 1, 1, "? help  q quit  1-7 tabs  c chart  g goal");
        attroff(COLOR_PAIR(2));
        wnoutrefresh(stdscr);
        doupdate();
    }

    int main(int argc, char **argv) {
        int keys = argc > 1 && strcmp(argv[1], "--keys") == 0;
        setlocale(LC_ALL, "");
        initscr();
        cbreak();
        noecho();
        keypad(stdscr, TRUE);
        start_color();
        init_pair(1, COLOR_WHITE, COLOR_BLACK);
        init_pair(2, COLOR_CYAN, COLOR_BLACK);
        init_pair(3, COLOR_GREEN, COLOR_BLACK);
        init_pair(4, COLOR_YELLOW, COLOR_BLACK);
        int frame = 0;
        draw(frame);
        while (keys) {
            int ch = getch();
            if (ch == 'q' || ch == ERR) break;
            draw(++frame);
        }
        endwin();
        return 0;
    }
    """#

    /// Compiles the program into a temporary directory; returns the binary's path.
    static func build() throws -> String {
        let dir = Fixtures.temporaryDirectory("cfloor")
        let c = dir.appendingPathComponent("floor.c"), binary = dir.appendingPathComponent("floor")
        try Data(source.utf8).write(to: c)
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-O2", c.path, "-o", binary.path, "-lncursesw"]
        try cc.run()
        cc.waitUntilExit()
        guard cc.terminationStatus == 0 else { throw BenchError("cc could not build the C ncurses floor (is libncurses-dev installed?)") }
        return binary.path
    }
}
