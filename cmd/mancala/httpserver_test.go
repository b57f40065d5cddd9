package main

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// safetyNet bounds the tests' waits on the server: it never measures
// anything, it only turns a hang into a failure.
const safetyNet = 30 * time.Second

// TestHTTPLimitsFromEnv: the HTTP servers' limits and ADMIN_ADDR, their
// defaults, and the one-line refusals of bad values.
func TestHTTPLimitsFromEnv(t *testing.T) {
	c, err := configFromEnv(envOf())
	if err != nil {
		t.Fatal(err)
	}
	if want := (httpLimits{10 * time.Second, 30 * time.Second, 60 * time.Second, defaultMaxConns(openFileLimit())}); c.HTTP != want || c.AdminAddr != "" {
		t.Errorf("defaults: %+v %q, want %+v", c.HTTP, c.AdminAddr, want)
	}
	c, err = configFromEnv(envOf("HTTP_ADDR", ":8080", "ADMIN_ADDR", "127.0.0.1:9090", "HTTP_READ_TIMEOUT", "3s",
		"HTTP_WRITE_TIMEOUT", "20s", "HTTP_IDLE_TIMEOUT", "2m", "HTTP_MAX_CONNS", "100"))
	if err != nil {
		t.Fatal(err)
	}
	if want := (httpLimits{3 * time.Second, 20 * time.Second, 2 * time.Minute, 100}); c.HTTP != want || c.AdminAddr != "127.0.0.1:9090" {
		t.Errorf("set: %+v %q, want %+v", c.HTTP, c.AdminAddr, want)
	}
	for _, c := range []struct {
		env  []string
		want string
	}{
		{[]string{"ADMIN_ADDR", "9090"}, `ADMIN_ADDR: "9090" is not host:port`},
		{[]string{"HTTP_ADDR", ":8080", "ADMIN_ADDR", ":8080"}, `ADMIN_ADDR: ":8080" is HTTP_ADDR too`},
		{[]string{"HTTP_READ_TIMEOUT", "soon"}, `HTTP_READ_TIMEOUT: "soon" is not a duration`},
		{[]string{"HTTP_READ_TIMEOUT", "0s"}, `HTTP_READ_TIMEOUT: "0s" is not a positive duration`},
		{[]string{"HTTP_READ_TIMEOUT", "200ms"}, "HTTP_READ_TIMEOUT: 200ms is too short: at least 1s"},
		{[]string{"HTTP_WRITE_TIMEOUT", "2s"}, "HTTP_WRITE_TIMEOUT: 2s is too short: at least 5s"},
		{[]string{"HTTP_IDLE_TIMEOUT", "-1m"}, `HTTP_IDLE_TIMEOUT: "-1m" is not a positive duration`},
		{[]string{"HTTP_MAX_CONNS", "0"}, `HTTP_MAX_CONNS: "0" is not a positive whole number`},
		{[]string{"HTTP_MAX_CONNS", "lots"}, `HTTP_MAX_CONNS: "lots" is not a positive whole number`},
	} {
		_, err := configFromEnv(envOf(c.env...))
		if err == nil || !strings.HasPrefix(err.Error(), c.want) || strings.Contains(err.Error(), "\n") {
			t.Errorf("%q: %v, want one line starting with %q", c.env, err, c.want)
		}
	}
	// HTTP_MAX_CONNS must leave open files to the rest of the process;
	// its default is lower under a low limit.
	if files := openFileLimit(); files > 0 {
		n := fmt.Sprint(files - httpFilesReserve + 1)
		_, err := configFromEnv(envOf("HTTP_MAX_CONNS", n))
		if want := fmt.Sprintf("HTTP_MAX_CONNS: %s leaves too few of the %d open files (ulimit -n)", n, files); err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("HTTP_MAX_CONNS %s: %v, want %q", n, err, want)
		}
	}
	for files, want := range map[int]int{0: 256, 20000: 256, 1024: 256, 256: 128, 100: 50, 1: 1} {
		if got := defaultMaxConns(files); got != want {
			t.Errorf("defaultMaxConns(%d) = %d, want %d", files, got, want)
		}
	}
	// Through the program: exit code 2 and the one line.
	t.Setenv("HTTP_MAX_CONNS", "0")
	code, _, stderr := mancala(t, "", "serve")
	if code != exitUsage || !strings.HasPrefix(stderr, "mancala: HTTP_MAX_CONNS: \"0\" is not a positive whole number") || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stderr %q", code, stderr)
	}
}

// serveHTTP opens and runs the program (the terminal chat idle) with cfg's
// HTTP settings; extra, when set, adjusts it first (adds routes to the
// public server, m.mux).
func serveHTTP(t *testing.T, cfg Config, extra func(*Main)) *Main {
	t.Helper()
	cfg.DatabasePath = filepath.Join(t.TempDir(), "m.db")
	cfg.ImageDir = filepath.Join(t.TempDir(), "img")
	m := &Main{Config: cfg, Stdin: blockingReader{}, Stdout: io.Discard}
	if err := m.Open(context.Background()); err != nil {
		t.Fatal(err)
	}
	if extra != nil {
		extra(m)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- m.Run(ctx) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
		m.Close()
	})
	return m
}

// dial connects to addr with the safety net as the connection's deadline.
func dial(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	c.SetDeadline(time.Now().Add(safetyNet))
	t.Cleanup(func() { c.Close() })
	return c
}

// waitClosed reads c until the server closes it, and fails if the safety
// net ends the wait instead. It returns what was read and how long the
// wait took (for the log, never asserted).
func waitClosed(t *testing.T, c net.Conn, what string) (string, time.Duration) {
	t.Helper()
	begin := time.Now()
	b, err := io.ReadAll(c)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("%s: the connection was not closed (%q read)", what, b)
	}
	return string(b), time.Since(begin)
}

// TestHTTPSlowBodyCut: a client that sends its headers and then its body
// one byte at a time, or not at all, has its connection closed once the
// read timeout ends (200 ms here), even by a handler that reads the body.
// Before, only ReadHeaderTimeout was set: such a connection was held for as
// long as the client liked (90 and 135 s observed).
func TestHTTPSlowBodyCut(t *testing.T) {
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", HTTP: httpLimits{ReadTimeout: 200 * time.Millisecond}}, func(m *Main) {
		m.mux.HandleFunc("POST /body", func(w http.ResponseWriter, r *http.Request) {
			if _, err := io.ReadAll(r.Body); err != nil {
				http.Error(w, "cannot read the body", http.StatusBadRequest)
				return
			}
			io.WriteString(w, "read\n")
		})
	})
	for _, body := range []string{"", "{"} {
		c := dial(t, m.httpLn.Addr().String())
		fmt.Fprintf(c, "POST /body HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n%s", body)
		got, took := waitClosed(t, c, fmt.Sprintf("body %q", body))
		if strings.Contains(got, "read\n") {
			t.Errorf("body %q: the handler read a whole body: %q", body, got)
		}
		t.Logf("body %q: connection closed after %s", body, took)
	}
	// A client that never finishes its headers is cut too.
	c := dial(t, m.httpLn.Addr().String())
	io.WriteString(c, "POST /body HTTP/1.1\r\nHost: x\r\n")
	_, took := waitClosed(t, c, "unfinished headers")
	t.Logf("unfinished headers: connection closed after %s", took)
}

// TestHTTPIdleKeepAliveCut: a keep-alive connection left idle after its
// request is closed once the idle timeout ends (200 ms here; the read
// timeout stays at its 10 s, so it is not what cuts). Before, idle
// connections were never closed.
func TestHTTPIdleKeepAliveCut(t *testing.T) {
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", HTTP: httpLimits{IdleTimeout: 200 * time.Millisecond}}, nil)
	c := dial(t, m.httpLn.Addr().String())
	io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
	br := bufio.NewReader(c)
	resp, err := http.ReadResponse(br, nil)
	if err != nil {
		t.Fatal(err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != 200 || string(body) != "ok\n" || resp.Close {
		t.Fatalf("/healthz: %d %q close=%v, want 200 ok on a kept-alive connection", resp.StatusCode, body, resp.Close)
	}
	begin := time.Now()
	rest, err := io.ReadAll(br)
	var ne net.Error
	if errors.As(err, &ne) && ne.Timeout() {
		t.Fatalf("the idle connection was not closed (%q read)", rest)
	}
	t.Logf("idle keep-alive connection closed after %s", time.Since(begin))
}

// TestHTTPFloodAdmin: with ADMIN_ADDR, /healthz, /readyz and /metrics are
// served there and not on HTTP_ADDR; a flood of connections on HTTP_ADDR
// holds at most HTTP_MAX_CONNS of them open (the rest wait in the kernel's
// accept queue, costing the process no file), and the admin address
// answers throughout. Once the flood goes, HTTP_ADDR answers again.
// Before, 1,100 such connections under a 1,024-file limit made /healthz
// time out ("too many open files").
func TestHTTPFloodAdmin(t *testing.T) {
	const maxConns, flood = 4, 200
	m := serveHTTP(t, Config{HTTPAddr: "127.0.0.1:0", AdminAddr: "127.0.0.1:0", HTTP: httpLimits{MaxConns: maxConns}}, nil)
	public, admin := "http://"+m.httpLn.Addr().String(), "http://"+m.adminLn.Addr().String()
	get := func(url string) (int, string) {
		t.Helper()
		client := &http.Client{Timeout: safetyNet, Transport: &http.Transport{DisableKeepAlives: true}}
		resp, err := client.Get(url)
		if err != nil {
			t.Fatalf("GET %s: %v", url, err)
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		return resp.StatusCode, string(b)
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if code, _ := get(public + path); code != http.StatusNotFound {
			t.Errorf("public %s: %d, want 404 (served on ADMIN_ADDR)", path, code)
		}
		if code, body := get(admin + path); code != 200 {
			t.Errorf("admin %s: %d %q", path, code, body)
		}
	}

	// The flood: connections that send half their headers and wait.
	conns := make([]net.Conn, flood)
	for i := range conns {
		conns[i] = dial(t, m.httpLn.Addr().String())
		io.WriteString(conns[i], "POST /telegram/webhook HTTP/1.1\r\n")
	}
	for deadline := time.Now().Add(safetyNet); m.httpLn.open() < maxConns; time.Sleep(time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("%d connections accepted of the %d allowed", m.httpLn.open(), maxConns)
		}
	}
	for _, path := range []string{"/healthz", "/readyz", "/metrics"} {
		if code, body := get(admin + path); code != 200 {
			t.Errorf("admin %s during the flood: %d %q", path, code, body)
		}
	}
	if n := m.httpLn.open(); n != maxConns {
		t.Errorf("%d connections open during the flood, want %d", n, maxConns)
	}
	for _, c := range conns {
		c.Close()
	}
	if code, _ := get(public + "/healthz"); code != http.StatusNotFound {
		t.Errorf("public after the flood: %d, want 404", code)
	}
}

// TestWebhookURLPasswordNotPrinted: a password in TELEGRAM_WEBHOOK_URL is
// never printed back: the one-line refusal at start redacts it and says
// what is wrong (before: the password printed, and "not an absolute URL").
func TestWebhookURLPasswordNotPrinted(t *testing.T) {
	const password = "hunter2Secret"
	for _, u := range []string{
		"https://bob:" + password + "@bot.example.com/telegram/webhook",
		"https://bob:" + password + "@bot.example.com:port/telegram/webhook",
	} {
		t.Setenv("TELEGRAM_TOKEN", "1:x")
		t.Setenv("HTTP_ADDR", "127.0.0.1:0")
		t.Setenv("TELEGRAM_WEBHOOK_URL", u)
		t.Setenv("TELEGRAM_WEBHOOK_SECRET", "s3cr3t")
		code, stdout, stderr := mancala(t, "", "serve")
		if code != exitUsage || strings.Count(stderr, "\n") != 1 || !strings.HasPrefix(stderr, "mancala: TELEGRAM_WEBHOOK_URL") {
			t.Errorf("%s: exit %d, stderr %q; want exit 2 and one line", u, code, stderr)
		}
		if strings.Contains(stderr+stdout, password) {
			t.Errorf("the password was printed: %q", stderr)
		}
	}
	c := Config{TelegramToken: "1:x", TelegramWebhookURL: "https://bob:" + password + "@bot.example.com/hook"}
	if s := c.String(); strings.Contains(s, password) || !strings.Contains(s, "bob:xxxxx@") {
		t.Errorf("String() = %q", s)
	}
}
