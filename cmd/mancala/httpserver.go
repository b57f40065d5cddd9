package main

import (
	"net"
	"net/http"
	"sync"
	"time"
)

// The HTTP servers' limits when their variables are unset (see
// docs/operations.md, Configuration).
const (
	// defaultHTTPReadTimeout bounds reading a whole request, headers and
	// body: an update or an interaction is a few kilobytes, sent at once.
	defaultHTTPReadTimeout = 10 * time.Second
	// defaultHTTPWriteTimeout bounds a request from the end of its headers
	// to the end of the answer; a Discord interaction is answered (or
	// deferred) within 3 s.
	defaultHTTPWriteTimeout = 30 * time.Second
	// defaultHTTPIdleTimeout closes a keep-alive connection idle that long.
	defaultHTTPIdleTimeout = 60 * time.Second
	// defaultHTTPMaxConns bounds the public listener's open connections,
	// well below the usual limit of 1,024 open files.
	defaultHTTPMaxConns = 256
	// httpMaxHeaderBytes caps a request's headers (Go's default is 1 MB);
	// the platforms send well under 2 KB.
	httpMaxHeaderBytes = 16 << 10
	// httpHeaderTimeout bounds reading the headers, when the read timeout
	// is longer.
	httpHeaderTimeout = 5 * time.Second
	// minHTTPWriteTimeout: HTTP_WRITE_TIMEOUT below it would cut Discord's
	// answers, which may take up to 3 s.
	minHTTPWriteTimeout = 5 * time.Second
)

// httpLimits are the HTTP servers' timeouts and the public listener's
// bound on open connections (HTTP_READ_TIMEOUT, HTTP_WRITE_TIMEOUT,
// HTTP_IDLE_TIMEOUT, HTTP_MAX_CONNS). A zero field takes its default.
type httpLimits struct {
	ReadTimeout, WriteTimeout, IdleTimeout time.Duration
	MaxConns                               int
}

// withDefaults fills the zero fields with the defaults.
func (l httpLimits) withDefaults() httpLimits {
	if l.ReadTimeout <= 0 {
		l.ReadTimeout = defaultHTTPReadTimeout
	}
	if l.WriteTimeout <= 0 {
		l.WriteTimeout = defaultHTTPWriteTimeout
	}
	if l.IdleTimeout <= 0 {
		l.IdleTimeout = defaultHTTPIdleTimeout
	}
	if l.MaxConns <= 0 {
		l.MaxConns = defaultMaxConns(openFileLimit())
	}
	return l
}

// newHTTPServer is an HTTP server for h with the limits l: a client that
// sends its headers or body slowly, or none, is cut after l.ReadTimeout
// (the headers after at most httpHeaderTimeout); an idle keep-alive
// connection after l.IdleTimeout.
func newHTTPServer(h http.Handler, l httpLimits) *http.Server {
	l = l.withDefaults()
	return &http.Server{
		Handler:           h,
		ReadHeaderTimeout: min(httpHeaderTimeout, l.ReadTimeout),
		ReadTimeout:       l.ReadTimeout,
		WriteTimeout:      l.WriteTimeout,
		IdleTimeout:       l.IdleTimeout,
		MaxHeaderBytes:    httpMaxHeaderBytes,
	}
}

// limitListener accepts at most cap(sem) connections open at once; further
// clients wait in the kernel's accept queue (costing the process no file)
// until a connection closes. As golang.org/x/net/netutil.LimitListener,
// without the dependency.
type limitListener struct {
	net.Listener
	sem       chan struct{}
	done      chan struct{}
	closeOnce sync.Once
}

// newLimitListener bounds l to n open connections (n > 0).
func newLimitListener(l net.Listener, n int) *limitListener {
	return &limitListener{Listener: l, sem: make(chan struct{}, n), done: make(chan struct{})}
}

// Accept waits for a free slot, then for a connection. It returns
// net.ErrClosed once the listener is closed.
func (l *limitListener) Accept() (net.Conn, error) {
	select {
	case l.sem <- struct{}{}:
	case <-l.done:
		return nil, net.ErrClosed
	}
	c, err := l.Listener.Accept()
	if err != nil {
		<-l.sem
		return nil, err
	}
	return &limitConn{Conn: c, release: sync.OnceFunc(func() { <-l.sem })}, nil
}

// Close closes the listener and ends the Accepts waiting for a slot.
func (l *limitListener) Close() error {
	l.closeOnce.Do(func() { close(l.done) })
	return l.Listener.Close()
}

// open is the number of connections accepted and not closed yet.
func (l *limitListener) open() int { return len(l.sem) }

// limitConn frees its listener's slot when closed.
type limitConn struct {
	net.Conn
	release func()
}

func (c *limitConn) Close() error {
	err := c.Conn.Close()
	c.release()
	return err
}
