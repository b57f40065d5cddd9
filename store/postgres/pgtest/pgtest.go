// Package pgtest gives tests a fresh PostgreSQL database of their own on
// the test server that MANCALA_TEST_POSTGRES names (a postgres:// URL of a
// role that may create databases; .ci/postgres starts such a server).
//
// When MANCALA_TEST_POSTGRES is unset the tests that need PostgreSQL are
// skipped, unless MANCALA_REQUIRE_POSTGRES=1 (as .ci/run sets), where they
// fail: CI never skips them silently.
package pgtest

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"net/url"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// The environment variables the package reads.
const (
	EnvURL     = "MANCALA_TEST_POSTGRES"
	EnvRequire = "MANCALA_REQUIRE_POSTGRES"
)

// ServerURL returns the test server's URL. Without one it skips t, or fails
// it when MANCALA_REQUIRE_POSTGRES=1.
func ServerURL(t testing.TB) string {
	t.Helper()
	u := strings.TrimSpace(os.Getenv(EnvURL))
	if u != "" {
		return u
	}
	if os.Getenv(EnvRequire) == "1" {
		t.Fatalf("%s is not set but %s=1: start a server with .ci/postgres (eval \"$(.ci/postgres start)\")", EnvURL, EnvRequire)
	}
	t.Skipf("PostgreSQL tests skipped: %s is not set (eval \"$(.ci/postgres start)\" starts a throwaway server)", EnvURL)
	return ""
}

// NewDatabase creates an empty database on the test server for t, drops it
// when t ends, and returns its URL: the server's URL naming the new
// database.
func NewDatabase(t testing.TB) string {
	t.Helper()
	server := ServerURL(t)
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s is not a postgres:// URL", EnvURL) // the URL itself holds a password
	}
	var b [8]byte
	rand.Read(b[:])
	name := "mancala_test_" + hex.EncodeToString(b[:])

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	admin, err := pgx.Connect(ctx, server)
	if err != nil {
		t.Fatalf("connect to the test server: %v", err)
	}
	defer admin.Close(ctx)
	if _, err := admin.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		t.Fatalf("create database %s: %v", name, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		admin, err := pgx.Connect(ctx, server)
		if err != nil {
			t.Errorf("connect to the test server to drop %s: %v", name, err)
			return
		}
		defer admin.Close(ctx)
		if _, err := admin.Exec(ctx, "DROP DATABASE IF EXISTS "+name+" WITH (FORCE)"); err != nil {
			t.Errorf("drop database %s: %v", name, err)
		}
	})
	u.Path = "/" + name
	return u.String()
}
