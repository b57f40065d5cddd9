package main

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/mancala-bot/mancala/store/sqlite"
)

// runningMain is the real program serving HTTP and the terminal chat, fed
// line by line.
type runningMain struct {
	t     *testing.T
	m     *Main
	in    *io.PipeWriter
	lines chan string
	done  chan error
	base  string
}

func startRunning(t *testing.T, dbPath string) *runningMain {
	t.Helper()
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	m := &Main{
		Config: Config{DatabasePath: dbPath, HTTPAddr: "127.0.0.1:0", ImageDir: filepath.Join(t.TempDir(), "img")},
		Stdin:  inR, Stdout: outW,
	}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	r := &runningMain{t: t, m: m, in: inW, lines: make(chan string, 1000), done: make(chan error, 1),
		base: "http://" + m.httpLn.Addr().String()}
	go func() {
		sc := bufio.NewScanner(outR)
		for sc.Scan() {
			r.lines <- sc.Text()
		}
		close(r.lines)
	}()
	go func() { r.done <- m.Run(context.Background()); outW.Close() }()
	t.Cleanup(func() {
		inW.Close()
		<-r.done
		m.Close()
	})
	return r
}

func (r *runningMain) say(line string) { fmt.Fprintln(r.in, line) }

// waitFor reads the output until a line containing want.
func (r *runningMain) waitFor(want string) {
	r.t.Helper()
	timeout := time.After(60 * time.Second)
	for {
		select {
		case line, ok := <-r.lines:
			if !ok {
				r.t.Fatalf("output ended before %q", want)
			}
			if strings.Contains(line, want) {
				return
			}
		case <-timeout:
			r.t.Fatalf("timed out waiting for %q", want)
		}
	}
}

func (r *runningMain) get(path string) (int, string) {
	r.t.Helper()
	resp, err := http.Get(r.base + path)
	if err != nil {
		r.t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body)
}

// serveOnce runs "mancala serve" with DATABASE_PATH set and the given
// input, and returns its exit code and standard error.
func serveOnce(t *testing.T, dbPath, stdin string) (int, string) {
	t.Helper()
	t.Setenv("DATABASE_PATH", dbPath)
	t.Setenv("IMAGE_DIR", filepath.Join(t.TempDir(), "img"))
	t.Setenv("LOG_LEVEL", "error")
	code, _, errOut := mancala(t, stdin)
	return code, errOut
}

// wantOneLine checks a refusal to start: exit code 2 and one line on
// standard error containing want.
func wantOneLine(t *testing.T, code int, stderr, want string) {
	t.Helper()
	if code != exitUsage || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "mancala: ") || !strings.Contains(stderr, want) {
		t.Errorf("exit %d, stderr %q; want exit 2 and one line with %q", code, stderr, want)
	}
}

// TestDatabaseDirectoryDeletedUnderRunningBot reproduces the fault: the
// database's directory deleted under a running bot. Before, moves went on
// being acknowledged into the unlinked file, /readyz said ok, and the
// restart silently made a new, empty database. Now the move is refused
// (nothing was changed), /readyz fails with a one-line reason while
// /healthz stays up, and the restart refuses to start.
func TestDatabaseDirectoryDeletedUnderRunningBot(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "data")
	if err := os.Mkdir(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	db := filepath.Join(dir, "m.db")
	r := startRunning(t, db)
	r.say("alice> /new kalah @bob")
	r.say("bob> /accept")
	r.waitFor("buttons: [1] [2] [3] [4] [5] [6]")
	if code, body := r.get("/readyz"); code != 200 || body != "ok\n" {
		t.Fatalf("/readyz before: %d %q", code, body)
	}

	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	r.say("alice> /move 1")
	r.waitFor("can’t save moves right now, so nothing was changed")
	if code, body := r.get("/readyz"); code != 503 || body != "database file removed or replaced\n" {
		t.Errorf("/readyz after: %d %q", code, body)
	}
	if code, body := r.get("/healthz"); code != 200 || body != "ok\n" {
		t.Errorf("/healthz after: %d %q", code, body)
	}

	// A restart does not make an empty database in place of the games.
	code, stderr := serveOnce(t, db, "")
	wantOneLine(t, code, stderr, "database directory does not exist")
	if _, err := os.Stat(dir); err == nil {
		t.Error("the restart made the directory again")
	}
}

// TestReadyzDatabaseClosed: /readyz fails when the database does not
// answer (here: closed under the server).
func TestReadyzDatabaseClosed(t *testing.T) {
	r := startRunning(t, filepath.Join(t.TempDir(), "m.db"))
	if code, _ := r.get("/readyz"); code != 200 {
		t.Fatalf("/readyz before: %d", code)
	}
	r.m.DB.Close()
	if code, body := r.get("/readyz"); code != 503 || body != "database unreachable\n" {
		t.Errorf("/readyz closed: %d %q", code, body)
	}
	if code, _ := r.get("/healthz"); code != 200 {
		t.Errorf("/healthz: %d", code)
	}
}

// corruptPage writes garbage over the start of a page in the middle of a
// closed database file, as a failing disk would.
func corruptPage(t *testing.T, path string) {
	t.Helper()
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	fi, err := f.Stat()
	if err != nil {
		t.Fatal(err)
	}
	const pageSize = 4096
	if fi.Size() < 8*pageSize {
		t.Fatalf("%s: only %d bytes", path, fi.Size())
	}
	if _, err := f.WriteAt([]byte(strings.Repeat("\xa5", 200)), fi.Size()/pageSize/2*pageSize); err != nil {
		t.Fatal(err)
	}
}

// TestServeRefusesCorruptDatabase: a database with a damaged page is
// refused at start with one line and exit code 2 (before, it started and
// served as if healthy).
func TestServeRefusesCorruptDatabase(t *testing.T) {
	db := filepath.Join(t.TempDir(), "m.db")
	// A few games: the file has 36 pages whatever their number (the
	// schema's tables and indexes) and the damage is found the same; 40
	// games took 4.3 s (a minute under the race detector) for the same.
	var script strings.Builder
	for i := range 5 {
		fmt.Fprintf(&script, "alice> /new kalah @bob\nbob> /accept\nalice> /move 1\nbob> /move %d\nalice> /resign\n", i%6+1)
	}
	startMain(t, db, script.String(), nil)
	corruptPage(t, db)
	code, stderr := serveOnce(t, db, "")
	wantOneLine(t, code, stderr, "database "+db+": database is corrupt")
	if !strings.Contains(stderr, "restore it from a backup") {
		t.Errorf("no advice in %q", stderr)
	}
}

// holdEnv makes the test binary a second process holding the
// database open (see TestHoldDatabase).
const holdEnv = "MANCALA_TEST_HOLD_DB"

// TestHoldDatabase is the child of TestServeRefusesSecondProcess: it opens
// the database, says so, and holds it until its input ends.
func TestHoldDatabase(t *testing.T) {
	path := os.Getenv(holdEnv)
	if path == "" {
		t.Skip("child process of TestServeRefusesSecondProcess")
	}
	d, err := sqlite.Open(context.Background(), path)
	if err != nil {
		fmt.Println("error", err)
		os.Exit(1)
	}
	fmt.Println("open", os.Getpid())
	io.Copy(io.Discard, os.Stdin)
	d.Close()
}

// TestServeRefusesSecondProcess: while another process has the database
// open, "mancala serve" on the same file refuses to start with one line and
// exit code 2; once it is gone, the program starts.
func TestServeRefusesSecondProcess(t *testing.T) {
	if testing.Short() {
		t.Skip("starts a child process")
	}
	db := filepath.Join(t.TempDir(), "m.db")
	cmd := exec.Command(os.Args[0], "-test.run=^TestHoldDatabase$", "-test.count=1")
	cmd.Env = append(os.Environ(), holdEnv+"="+db)
	in, _ := cmd.StdinPipe()
	out, _ := cmd.StdoutPipe()
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer cmd.Process.Kill()
	line, err := bufio.NewReader(out).ReadString('\n')
	if f := strings.Fields(line); err != nil || len(f) != 2 || f[0] != "open" {
		t.Fatalf("child: %q %v", line, err)
	}
	if _, err := strconv.Atoi(strings.Fields(line)[1]); err != nil {
		t.Fatalf("child: %q", line)
	}

	code, stderr := serveOnce(t, db, "")
	wantOneLine(t, code, stderr, "database is in use by another process")
	// And in the same process: the lock belongs to each open.
	if m, err := sqlite.Open(context.Background(), db); err == nil {
		m.Close()
		t.Error("sqlite.Open succeeded beside the child")
	}

	in.Close()
	if err := cmd.Wait(); err != nil {
		t.Fatalf("child: %v", err)
	}
	if code, stderr := serveOnce(t, db, ""); code != 0 {
		t.Errorf("after the other process ended: exit %d, %q", code, stderr)
	}
}
