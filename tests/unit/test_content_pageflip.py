"""The react-pageflip wrapper renders every SPEC §9 prop under its React name."""

import reflex as rx

from components.pageflip import SPEC_PROPS, flip_book, flip_script


def test_book_renders_the_spec_props_in_camel_case():
    js = str(flip_book(rx.el.div("one"), rx.el.div("two"), id="book"))
    for expected in ("width:500", "height:700", 'size:"stretch"', "minWidth:315", "maxWidth:1000", "minHeight:420",
                     "maxHeight:1350", "maxShadowOpacity:0.5", "showCover:true", "mobileScrollSupport:true",
                     "clickEventForward:true", "useMouseEvents:true", "swipeDistance:30",
                     "usePortrait:true", "startZIndex:0", "autoSize:true", "drawShadow:true", "startPage:0",
                     "showPageCorners:true", "disableFlipByClick:false", "ref:ref_book"):
        assert expected in js, expected
    # the SPEC's 1 s flip, or an instant one for a reader who asked for reduced motion
    assert "flippingTime:((typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)')" \
           ".matches) ? 1 : 1000)" in js
    # pages stay plain DOM elements, not memoized wrapper components
    assert 'jsx("div",{},"one")' in js


def test_every_prop_of_the_flip_settings_is_set():
    assert len(SPEC_PROPS) == 21


def test_flip_script_targets_the_books_ref():
    assert flip_script("flipbook-book", "flipPrev") == "refs['ref_flipbook_book']?.current?.pageFlip()?.flipPrev()"
