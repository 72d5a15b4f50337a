import Foundation

/// The floor the start-up targets are measured against: a minimal C ncurses
/// program, built by the bench with `cc`, that draws a dashboard-like frame
/// (a filled background, four boxed cards in colour, numbers and labels) and
/// exits; with `--keys` it redraws on every key until `q`, and `f` followed by a
/// byte count and a newline (`f23373\n`) makes it write that many bytes of a
/// ready-made full-screen frame in one write(2): the cost of the same bytes through
/// the same pseudo-terminal, for a program that has nothing left to compute.
enum CFloor {
    static let source = #"""
    #define _XOPEN_SOURCE_EXTENDED 1
    #define NCURSES_WIDECHAR 1
    #include <curses.h>
    #include <locale.h>
    #include <string.h>
    #include <stdio.h>
    #include <unistd.h>

    /* A frame as a full repaint writes it: on each row a cursor move, then runs of
       a colour and braille, box-drawing and blank cells. Cut to the size asked for. */
    static char ready[1 << 17];
    static size_t readySize;
    static void makeReady(void) {
        size_t n = 0;
        for (int row = 1; n + 4096 < sizeof ready; row = row % 60 + 1) {
            n += snprintf(ready + n, sizeof ready - n, "\033[%d;1H", row);
            for (int run = 0; run < 8; run++) {
                n += snprintf(ready + n, sizeof ready - n, "\033[38;5;%d;48;5;%dm", 16 + (row * 7 + run) % 200, 232 + run);
                for (int cell = 0; cell < 25; cell++) {
                    const char *glyph = cell % 3 == 0 ? " " : (run % 2 ? "\u28FF" : "\u2500");
                    size_t g = strlen(glyph);
                    memcpy(ready + n, glyph, g);
                    n += g;
                }
            }
        }
        readySize = n;
    }

    static void writeReady(void) {
        size_t want = 0;
        int ch;
        while ((ch = getch()) != ERR && ch != '\n') if (ch >= '0' && ch <= '9') want = want * 10 + (size_t)(ch - '0');
        if (!readySize) makeReady(); /* at the first: the memory tour never touches it */
        if (want > readySize) want = readySize;
        for (size_t done = 0; done < want;) {
            ssize_t w = write(1, ready + done, want - done);
            if (w <= 0) break;
            done += (size_t)w;
        }
    }

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
            if (ch == 'f') writeReady();
            else draw(++frame);
        }
        endwin();
        return 0;
    }
    """#

    /// Peak resident memory of a whole run: `peak OUT PROGRAM ARGS…` forks (a real
    /// fork, so the child's memory before `exec` is this small program's, not the
    /// bench's: `posix_spawn` shares the parent's memory, which the kernel would count
    /// as the child's peak), runs the program on the same terminal, and writes the
    /// child's `ru_maxrss` in KB and its CPU time (user + system) in µs to OUT. Used
    /// for "peak RSS at first frame": the app exits right after its first frame, so
    /// its peak is the first frame's, and its CPU time the first frame's cost without
    /// the waits (the terminal draining, the scheduler).
    static let peakSource = #"""
    #include <stdio.h>
    #include <unistd.h>
    #include <sys/resource.h>
    #include <sys/wait.h>

    int main(int argc, char **argv) {
        if (argc < 3) return 2;
        pid_t pid = fork();
        if (pid == 0) { execv(argv[2], argv + 2); _exit(127); }
        int status = 0;
        struct rusage usage;
        if (wait4(pid, &status, 0, &usage) != pid) return 1;
        FILE *out = fopen(argv[1], "w");
        if (!out) return 1;
        long cpu = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000000L + usage.ru_utime.tv_usec + usage.ru_stime.tv_usec;
        fprintf(out, "%ld %ld\n", usage.ru_maxrss, cpu);
        fclose(out);
        return WIFEXITED(status) ? WEXITSTATUS(status) : 1;
    }
    """#

    /// Compiles the program into a temporary directory; returns the binary's path.
    static func build() throws -> String {
        try compile(source, name: "floor", libraries: ["-lncursesw"])
    }

    /// The `peak` wrapper (see `peakSource`).
    static func buildPeak() throws -> String {
        try compile(peakSource, name: "peak", libraries: [])
    }

    private static func compile(_ text: String, name: String, libraries: [String]) throws -> String {
        let dir = Fixtures.temporaryDirectory("cfloor")
        let c = dir.appendingPathComponent("\(name).c"), binary = dir.appendingPathComponent(name)
        try Data(text.utf8).write(to: c)
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        cc.arguments = ["cc", "-O2", c.path, "-o", binary.path] + libraries
        try cc.run()
        cc.waitUntilExit()
        guard cc.terminationStatus == 0 else { throw BenchError("cc could not build \(name).c (is libncurses-dev installed?)") }
        return binary.path
    }
}
