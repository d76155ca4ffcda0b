"""Every reference in the code and the docs leads somewhere a reader of the repository can open
(issue 11, item 19): no file refers to a design note or rulebook text that is not in the
repository, every `docs/NAME.md` named exists, and a section named with it (`docs/rulings.md,
"Dice"`) is a heading or a bold lead-in of that page."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = [
    *sorted((ROOT / "src").rglob("*.py")),
    *sorted((ROOT / "tests").rglob("*.py")),
    *sorted((ROOT / "benchmarks").rglob("*.py")),
    *sorted((ROOT / "docs").glob("*.md")),
    ROOT / "README.md",
]
GONE = re.compile(r"DESIGN\.md|rules/\w+\.\w+\.txt|\b\w+\.(?:nl|en|de)\.txt\b")
NAMED = re.compile(r"docs/(\w+)\.md(?:,\s*(?:#\s*)?\"([^\"]+)\")?")


def sections(page: Path) -> list[str]:
    text = page.read_text(encoding="utf-8")
    headings = re.findall(r"^#+ (.+)$", text, re.M)
    leads = re.findall(r"^\*\*([^*]+?)\.?\*\*", text, re.M)
    return [*headings, *leads]


def test_nothing_refers_to_files_outside_the_repository() -> None:
    this = Path(__file__).resolve()
    found = [
        f"{path.relative_to(ROOT)}: {match.group(0)}"
        for path in SOURCES
        if path != this
        for match in GONE.finditer(path.read_text(encoding="utf-8"))
    ]
    assert not found


def test_every_docs_page_and_section_named_exists() -> None:
    named = 0
    this = Path(__file__).resolve()
    for path in SOURCES:
        if path == this:
            continue
        for match in NAMED.finditer(path.read_text(encoding="utf-8")):
            page = ROOT / "docs" / f"{match.group(1)}.md"
            assert page.is_file(), f"{path.relative_to(ROOT)} names {page.name}"
            section = match.group(2)
            if section is not None:
                found = [s for s in sections(page) if s.startswith(section)]
                assert found, f"{path.relative_to(ROOT)}: {page.name} has no {section!r}"
            named += 1
    assert named > 20


def test_links_between_the_docs_resolve() -> None:
    for page in [*sorted((ROOT / "docs").glob("*.md")), ROOT / "README.md"]:
        for target in re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", page.read_text(encoding="utf-8")):
            assert (page.parent / target).exists(), f"{page.name} links to missing {target}"
