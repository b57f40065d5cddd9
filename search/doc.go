// Package search plays and solves the engine's games.
package search
