//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
)

// TestServeRefusesReadOnlyDatabase: a database the process cannot write
// (its file and directory read-only) is refused at start with one line and
// exit code 2, as the other refusals are (before: exit code 1 and SQLite's
// "attempt to write a readonly database"). Both an existing database and a
// new one (the migrations cannot be written) are refused, whether or not
// the lock file can be opened. Permissions do
// not bind root, so under root the program runs as a child process as the
// user nobody.
func TestServeRefusesReadOnlyDatabase(t *testing.T) {
	for _, c := range []struct {
		name               string
		existing, lockOpen bool // lockOpen: only the .lock file writable
	}{
		{"existing database, all read-only", true, false},
		{"existing database, .lock writable", true, true},
		{"new database, .lock writable", false, true},
	} {
		dir, err := os.MkdirTemp("", "mancala-readonly")
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { os.Chmod(dir, 0o755); os.RemoveAll(dir) })
		db := filepath.Join(dir, "m.db")
		if c.existing {
			startMain(t, db, "alice> /new kalah @bob\nbob> /accept\n", nil)
		} else {
			os.WriteFile(db, nil, 0o644) // an empty file: a new database
		}
		for _, f := range []string{db, db + "-wal", db + "-shm"} {
			if err := os.Chmod(f, 0o444); err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
		}
		if c.lockOpen {
			if err := os.WriteFile(db+".lock", nil, 0o666); err != nil {
				t.Fatal(err)
			}
			if err := os.Chmod(db+".lock", 0o666); err != nil {
				t.Fatal(err)
			}
		} else if err := os.Chmod(db+".lock", 0o444); err != nil {
			t.Fatal(err)
		}
		if err := os.Chmod(dir, 0o555); err != nil {
			t.Fatal(err)
		}
		var code int
		var stderr string
		if os.Geteuid() != 0 {
			code, stderr = serveOnce(t, db, "")
		} else {
			code, stderr = serveAsNobody(t, dir, db)
		}
		t.Logf("%s: %s", c.name, stderr)
		wantOneLine(t, code, stderr, "database "+db+": cannot be written (")
		if !strings.Contains(stderr, "; make the file, its directory and its -wal, -shm and .lock files writable") {
			t.Errorf("%s: no advice in %q", c.name, stderr)
		}
	}
}

// serveAsNobody runs "mancala serve" on db as the user nobody (uid 65534):
// this test binary, copied into dir (which nobody may read), as the real
// program (TestMain). It returns the exit code and standard error.
func serveAsNobody(t *testing.T, dir, db string) (int, string) {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin, err := os.ReadFile(self)
	if err != nil {
		t.Fatal(err)
	}
	binDir, err := os.MkdirTemp("", "mancala-bin")
	if err != nil {
		t.Fatal(err)
	}
	defer os.RemoveAll(binDir)
	exe := filepath.Join(binDir, "mancala.test")
	if err := os.WriteFile(exe, bin, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.Chmod(binDir, 0o755); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe)
	cmd.Env = []string{"MANCALA_E2E_CHILD=1", "DATABASE_PATH=" + db, "LOG_LEVEL=error", "IMAGE_DIR=" + filepath.Join(binDir, "img"),
		"MANCALA_CACHE_DIR=" + binDir, "HOME=" + binDir, "PATH=" + os.Getenv("PATH")}
	cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	err = cmd.Run()
	var ee *exec.ExitError
	switch {
	case err == nil:
		return 0, errOut.String()
	case errors.As(err, &ee):
		return ee.ExitCode(), errOut.String()
	}
	t.Skipf("cannot run as nobody: %v", err)
	return 0, ""
}
