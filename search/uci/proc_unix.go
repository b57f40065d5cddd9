//go:build unix

package uci

import (
	"os/exec"
	"syscall"
)

// setProcessGroup puts the engine in a process group of its own, so that
// killProcess also ends what a wrapper script started.
func setProcessGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
}

// killProcess kills the engine's process group.
func killProcess(cmd *exec.Cmd) {
	if cmd.Process == nil {
		return
	}
	_ = syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
	_ = cmd.Process.Kill()
}
