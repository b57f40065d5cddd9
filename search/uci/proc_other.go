//go:build !unix

package uci

import "os/exec"

func setProcessGroup(*exec.Cmd) {}

// killProcess kills the engine process.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process != nil {
		_ = cmd.Process.Kill()
	}
}
