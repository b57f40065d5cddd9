package main

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mancala-bot/mancala/engine"
)

// cliError is an error with the exit code it calls for. Its message is one
// line, printed to stderr after "mancala: ".
type cliError struct {
	code int
	msg  string
}

func (e *cliError) Error() string { return e.msg }

// Exit codes.
const (
	exitOK    = 0
	exitFail  = 1 // bad input: an illegal move, a bad position file
	exitUsage = 2 // the command line itself is wrong
)

// usagef reports a mistake in the command line (exit 2).
func usagef(format string, a ...any) error {
	return &cliError{code: exitUsage, msg: fmt.Sprintf(format, a...)}
}

// failf reports bad input (exit 1).
func failf(format string, a ...any) error {
	return &cliError{code: exitFail, msg: fmt.Sprintf(format, a...)}
}

// exitCode returns the exit code err calls for: a cliError's own, else 1.
func exitCode(err error) int {
	var ce *cliError
	if errors.As(err, &ce) {
		return ce.code
	}
	return exitFail
}

// flagKind says how a flag takes its value.
type flagKind uint8

const (
	boolFlag  flagKind = iota // --json, --json=false
	valueFlag                 // --from FILE, --from=FILE; at most once
	listFlag                  // --opt k=v, repeatable
)

// flagSpec declares one flag a subcommand accepts.
type flagSpec struct {
	name string // without dashes
	kind flagKind
}

// parsedArgs is a parsed command line: the positional arguments in order and
// the flags by name.
type parsedArgs struct {
	pos   []string
	bools map[string]bool
	vals  map[string]string
	lists map[string][]string
}

func (p *parsedArgs) has(name string) bool {
	_, ok := p.vals[name]
	return ok
}

// helpFlags are accepted by every subcommand.
var helpFlags = []flagSpec{{"h", boolFlag}, {"help", boolFlag}}

// parseArgs reads args against the declared flags. Flags and positional
// arguments may come in any order; a flag is written -name or --name, its
// value as the next argument or after "="; "--" ends the flags and "-" alone
// is a positional argument (standard input, for --from).
func parseArgs(args []string, specs ...flagSpec) (*parsedArgs, error) {
	specs = append(specs, helpFlags...)
	p := &parsedArgs{bools: map[string]bool{}, vals: map[string]string{}, lists: map[string][]string{}}
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			p.pos = append(p.pos, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			p.pos = append(p.pos, a)
			continue
		}
		name := strings.TrimPrefix(strings.TrimPrefix(a, "-"), "-")
		value, hasValue := "", false
		if k, v, ok := strings.Cut(name, "="); ok {
			name, value, hasValue = k, v, true
		}
		var spec *flagSpec
		for j := range specs {
			if specs[j].name == name {
				spec = &specs[j]
			}
		}
		if spec == nil || name == "" {
			return nil, usagef("unknown flag %s", strings.SplitN(a, "=", 2)[0])
		}
		if spec.kind == boolFlag {
			b := true
			if hasValue {
				var err error
				if b, err = strconv.ParseBool(value); err != nil {
					return nil, usagef("flag --%s: %q is not true or false", name, value)
				}
			}
			p.bools[name] = b
			continue
		}
		if !hasValue {
			if i+1 >= len(args) {
				return nil, usagef("flag --%s needs a value", name)
			}
			i++
			value = args[i]
		}
		if spec.kind == listFlag {
			p.lists[name] = append(p.lists[name], value)
			continue
		}
		if _, dup := p.vals[name]; dup {
			return nil, usagef("flag --%s given twice", name)
		}
		p.vals[name] = value
	}
	return p, nil
}

// wantsHelp reports whether -h or --help was given.
func (p *parsedArgs) wantsHelp() bool { return p.bools["h"] || p.bools["help"] }

// options turns the --opt key=value flags into engine options.
func (p *parsedArgs) options() (engine.Options, error) {
	opts := engine.Options{}
	for _, kv := range p.lists["opt"] {
		k, v, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" {
			return nil, usagef("--opt %q: want key=value, e.g. --opt seeds=5", kv)
		}
		if _, dup := opts[k]; dup {
			return nil, usagef("option %s given twice", k)
		}
		opts[k] = v
	}
	return opts, nil
}

// rules returns the rules of the variant named by the first positional
// argument with the --opt options; its errors are usage errors (an
// unknown variant or option, a bad value).
func (p *parsedArgs) rules() (engine.Rules, error) {
	o, err := p.options()
	if err != nil {
		return nil, err
	}
	r, err := engine.New(p.pos[0], o)
	if err != nil {
		return nil, usagef("%v", err)
	}
	return r, nil
}
