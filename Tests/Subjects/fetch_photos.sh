#!/usr/bin/env bash
# Copies the labelled photos of Tests/Subjects/development.tsv, heldout.tsv and heldout-2.tsv into DIR under the names the
# labels use, from the Debian packages and the scikit-image wheel they come from (downloaded, unpacked in a
# temporary folder, never installed). Then:
#   python3 Tests/Subjects/evaluate.py .build/release/fullbleed Tests/Subjects/development.tsv DIR
#
#   Tests/Subjects/fetch_photos.sh DIR
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DIR"; exit 2; }
dest=$1
mkdir -p "$dest"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
packages=(darknet python-matplotlib-data opencv-doc lomiri-wallpapers-16.04 lomiri-wallpapers-20.04 mate-backgrounds
          plasma-workspace-wallpapers ukui-wallpapers)
apt-get download "${packages[@]}" >/dev/null
for deb in *.deb; do dpkg-deb -x "$deb" root; done
python3 -m pip download --no-deps -q -d wheel scikit-image==0.26.0
python3 -m zipfile -e wheel/scikit_image-*.whl wheel/unpacked

darknet=root/usr/share/darknet/data
opencv=root/usr/share/doc/opencv-doc/examples
skimage=wheel/unpacked/skimage/data
backgrounds=root/usr/share/backgrounds
wallpapers=root/usr/share/wallpapers
# label name <- file in a package
while read -r name source; do
  cp "$source" "$dest/$name"
done <<EOF
eagle.jpg $darknet/eagle.jpg
dog.jpg $darknet/dog.jpg
giraffe.jpg $darknet/giraffe.jpg
horses.jpg $darknet/horses.jpg
darknet_person.jpg $darknet/person.jpg
darknet_scream.jpg $darknet/scream.jpg
grace_hopper.jpg root/usr/share/matplotlib/mpl-data/sample_data/grace_hopper.jpg
coffee.png $skimage/coffee.png
rocket.jpg $skimage/rocket.jpg
sk_camera.png $skimage/camera.png
sk_horse.png $skimage/horse.png
sk_motorcycle.png $skimage/motorcycle_left.png
ocv_apple.jpg $opencv/data/apple.jpg
ocv_butterfly.jpg $opencv/data/butterfly.jpg
ocv_chicky.png $opencv/data/chicky_512.png
ocv_messi5.jpg $opencv/data/messi5.jpg
ocv_orange.jpg $opencv/data/orange.jpg
ocv_squirrel.jpg $opencv/data/squirrel_cls.jpg
ocv_robin.jpg $opencv/hfs/data/000.jpg
lomiri_seeding.jpg $backgrounds/seeding_by_Clements_Engelhardt.jpg
lomiri_Kleiber.jpg $backgrounds/Kleiber_by_Lukas_Baubkus.jpg
mate_Aqua.jpg $backgrounds/mate/nature/Aqua.jpg
mate_Garden.jpg $backgrounds/mate/nature/Garden.jpg
mate_TwoWings.jpg $backgrounds/mate/nature/TwoWings.jpg
plasma_Kite.jpg $wallpapers/Kite/contents/images/2560x1600.jpg
plasma_OneStandsOut.jpg $wallpapers/OneStandsOut/contents/images/2560x1600.jpg
ukui_calla.png $backgrounds/calla.png
ukui_goldfish.png $backgrounds/goldfish.png
ukui_mouse.jpg $backgrounds/the-mouse.jpg
ocv_HappyFish.jpg $opencv/data/HappyFish.jpg
ocv_aloeL.jpg $opencv/data/aloeL.jpg
ocv_baboon.jpg $opencv/data/baboon.jpg
ocv_licenseplate.jpg $opencv/data/licenseplate_motion.jpg
ocv_stuff.jpg $opencv/data/stuff.jpg
lomiri_Wine.jpg $backgrounds/Wine_by_Jakkub_Mede.jpg
plasma_SafeLanding.jpg $wallpapers/SafeLanding/contents/images/5120x2880.jpg
EOF
echo "fetch_photos: $(ls "$dest" | wc -l) photos in $dest"
