//go:build !unix

package dbfile

import "os"

// MapFile returns the contents of the file name, read into memory (no
// mapping here), and a release that leaves them to the garbage collector.
// Its errors are os.ReadFile's.
func MapFile(name string) (data []byte, unmap func(), err error) {
	data, err = os.ReadFile(name)
	if err != nil {
		return nil, nil, err
	}
	return data, func() {}, nil
}
