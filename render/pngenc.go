package render

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"io"
	"sync"

	"github.com/klauspost/compress/zlib"
)

// encodePaletted writes img as an 8-bit paletted PNG (no filtering, one IDAT
// chunk) with a single Write to w. It replaces image/png's encoder for the
// boards because image/png can only use compress/zlib, and klauspost's
// zlib at its fastest level compresses a board about twice as fast for
// about the same size (within a few per cent). The palette must have 1 to
// 256 colours, all opaque (the boards are); img's pixels must index it.
func encodePaletted(w io.Writer, img *image.Paletted) error {
	e := pngPool.Get().(*pngEncoder)
	defer pngPool.Put(e)
	width, height := img.Rect.Dx(), img.Rect.Dy()

	e.idat.Reset()
	e.zw.Reset(&e.idat)
	zero := []byte{0} // each row's filter type: none
	for y := range height {
		row := img.Pix[y*img.Stride : y*img.Stride+width]
		if _, err := e.zw.Write(zero); err != nil {
			return err
		}
		if _, err := e.zw.Write(row); err != nil {
			return err
		}
	}
	if err := e.zw.Close(); err != nil {
		return err
	}

	e.pal = plteBytes(e.pal[:0], img.Palette)
	return writePalettedPNG(w, &e.out, width, height, e.pal, e.idat.Bytes())
}

// plteBytes appends the palette's colours to dst as a PLTE chunk's data:
// red, green, blue, a byte each.
func plteBytes(dst []byte, pal color.Palette) []byte {
	for _, c := range pal {
		r, g, b, _ := c.RGBA()
		dst = append(dst, uint8(r>>8), uint8(g>>8), uint8(b>>8))
	}
	return dst
}

// writePalettedPNG writes an 8-bit paletted PNG of width x height pixels
// to w with a single Write, built in out (reset first): the signature,
// IHDR, PLTE (plte: its data, see plteBytes), one IDAT chunk holding idat
// (the zlib stream of the filtered rows) and IEND. It returns w's error.
func writePalettedPNG(w io.Writer, out *bytes.Buffer, width, height int, plte, idat []byte) error {
	out.Reset()
	out.WriteString("\x89PNG\r\n\x1a\n")
	var ihdr [13]byte
	binary.BigEndian.PutUint32(ihdr[0:], uint32(width))
	binary.BigEndian.PutUint32(ihdr[4:], uint32(height))
	ihdr[8] = 8 // bit depth
	ihdr[9] = 3 // colour type: palette
	// compression, filter and interlace methods: 0
	writeChunk(out, "IHDR", ihdr[:])
	writeChunk(out, "PLTE", plte)
	writeChunk(out, "IDAT", idat)
	writeChunk(out, "IEND", nil)
	_, err := w.Write(out.Bytes())
	return err
}

// writeChunk appends a PNG chunk: length, type, data, CRC of type and data.
func writeChunk(out *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	out.Write(n[:])
	out.WriteString(typ)
	out.Write(data)
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	out.Write(n[:])
}

// pngEncoder is encodePaletted's reusable state: the compressor and its buffers.
type pngEncoder struct {
	zw   *zlib.Writer
	idat bytes.Buffer
	out  bytes.Buffer
	pal  []byte
}

var pngPool = sync.Pool{New: func() any {
	zw, err := zlib.NewWriterLevel(io.Discard, zlib.BestSpeed)
	if err != nil {
		panic("render: zlib: " + err.Error()) // only for a bad level
	}
	return &pngEncoder{zw: zw}
}}
