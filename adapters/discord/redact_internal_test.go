package discord

import (
	"strings"
	"testing"
)

// A password in DISCORD_API_BASE is never repeated in the refusal.
func TestAPIBasePasswordRedacted(t *testing.T) {
	const password = "hunter2Secret"
	for _, c := range []struct{ base, want string }{
		{"ftp://bob:" + password + "@api.example.com", `"ftp://bob:xxxxx@api.example.com"`},
		{"https://bob:" + password + "@api.example.com:port", "(not shown: it may hold a password)"},
		{"not a url", `"not a url"`},
	} {
		_, err := parseAPIBase(c.base)
		if err == nil || strings.Contains(err.Error(), password) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("parseAPIBase(%q): %v, want %s and no password", c.base, err, c.want)
		}
	}
}
