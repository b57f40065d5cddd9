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
	"errors"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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

// testDatabase is the database on the test server that holds the tests'
// schemas. It is created when missing and left in place (empty: each test
// drops its schema).
const testDatabase = "mancala_test"

// NewDatabase gives t an empty database of its own and returns its URL: a
// new schema, named at random, in the test server's database mancala_test,
// which the URL selects with search_path. The schema is dropped when t
// ends. (A schema costs milliseconds where CREATE DATABASE costs a few
// hundred; to the store, which names no schema, it is an empty database.)
func NewDatabase(t testing.TB) string {
	t.Helper()
	server := ServerURL(t)
	u, err := url.Parse(server)
	if err != nil || (u.Scheme != "postgres" && u.Scheme != "postgresql") {
		t.Fatalf("%s is not a postgres:// URL", EnvURL) // the URL itself holds a password
	}
	var b [8]byte
	rand.Read(b[:])
	schema := "test_" + hex.EncodeToString(b[:])

	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	createDatabase(ctx, t, server)
	u.Path = "/" + testDatabase
	q := u.Query()
	q.Set("search_path", schema)
	u.RawQuery = q.Encode()
	dbURL := u.String()

	conn, err := pgx.Connect(ctx, dbURL)
	if err != nil {
		t.Fatalf("connect to the test database: %v", err)
	}
	defer conn.Close(ctx)
	if _, err := conn.Exec(ctx, "CREATE SCHEMA "+schema); err != nil {
		t.Fatalf("create schema %s: %v", schema, err)
	}
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		conn, err := pgx.Connect(ctx, dbURL)
		if err != nil {
			t.Errorf("connect to the test database to drop %s: %v", schema, err)
			return
		}
		defer conn.Close(ctx)
		if _, err := conn.Exec(ctx, "DROP SCHEMA IF EXISTS "+schema+" CASCADE"); err != nil {
			t.Errorf("drop schema %s: %v", schema, err)
		}
	})
	return dbURL
}

var created sync.Once

// createDatabase creates the test database unless it exists (another test
// process may be creating it at the same moment).
func createDatabase(ctx context.Context, t testing.TB, server string) {
	t.Helper()
	var err error
	created.Do(func() {
		var admin *pgx.Conn
		if admin, err = pgx.Connect(ctx, server); err != nil {
			return
		}
		defer admin.Close(ctx)
		_, err = admin.Exec(ctx, "CREATE DATABASE "+testDatabase)
		var pe *pgconn.PgError
		if errors.As(err, &pe) && (pe.Code == "42P04" || pe.Code == "23505") {
			err = nil // duplicate_database, or the race inside CREATE DATABASE
		}
	})
	if err != nil {
		t.Fatalf("create the test database %s: %v", testDatabase, err)
	}
}
