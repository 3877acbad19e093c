// SPDX-License-Identifier: MIT
// App: the app's process-wide setup and its entry point, App::main (the window, --headless, --bench).
#pragma once

class QApplication;

namespace speeduplab {

/// Process-wide setup and the entry point of the app (the text helpers are in words/format.h).
class App {
public:
    /// Names, resources and metatypes. Call once after the QApplication exists.
    static void initialise();
    /// Runs what the command line asks for: the window or --headless.
    static int main(QApplication &app);
};

} // namespace speeduplab
