import os, subprocess, shutil
def test_cc():
    cc = shutil.which("cc")
    d = subprocess.run([cc, "-v", "-shared", "-fPIC", "-o", "/tmp/tests-x.so", "/tmp/tests-x.c"], capture_output=True, text=True)
    assert d.returncode == 0, (sorted(os.environ), d.stderr[-1500:])
