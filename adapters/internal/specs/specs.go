// Package specs finds the platforms' official API descriptions that the
// fake servers (discordtest, telegramtest) check the bot's requests
// against: Discord's OpenAPI document (API v10) and the Telegram Bot API's
// machine-readable description. They live outside the repository, in a
// directory shared/specs next to it (CI checks the repository out beside
// ../shared) or above it; MANCALA_SPECS names another directory.
package specs

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
)

// The files the fakes read.
const (
	DiscordOpenAPI = "discord-openapi.json"
	TelegramBotAPI = "telegram-bot-api.json"
)

// Dir returns the directory holding the specifications: $MANCALA_SPECS
// when set, else the first shared/specs found in the working directory or
// one of its parents (so ../shared/specs of the repository's root, and
// ../../../shared/specs of a package's directory, are found). It fails,
// saying where it looked, when none holds DiscordOpenAPI.
func Dir() (string, error) {
	if d := os.Getenv("MANCALA_SPECS"); d != "" {
		if _, err := os.Stat(filepath.Join(d, DiscordOpenAPI)); err != nil {
			return "", fmt.Errorf("MANCALA_SPECS=%s: %w", d, err)
		}
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		cand := filepath.Join(d, "shared", "specs")
		if _, err := os.Stat(filepath.Join(cand, DiscordOpenAPI)); err == nil {
			return cand, nil
		}
		up := filepath.Dir(d)
		if up == d {
			break
		}
		d = up
	}
	return "", errors.New("no shared/specs/" + DiscordOpenAPI + " in " + wd + " or a parent directory (check out the project's shared/ beside the repository, or set MANCALA_SPECS)")
}

// Read returns the content of the specification file name (DiscordOpenAPI
// or TelegramBotAPI) from Dir.
func Read(name string) ([]byte, error) {
	d, err := Dir()
	if err != nil {
		return nil, err
	}
	return os.ReadFile(filepath.Join(d, name))
}
